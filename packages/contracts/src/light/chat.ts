/** Who wrote a chat message: 1 the user, 2 staff. */
export const ChatSender = { User: 1, Staff: 2 } as const

/** A conversation is open (1) until staff close it (2); the user's next message reopens it. */
export const ChatStatus = { Open: 1, Closed: 2 } as const

/** Longest message text: a long paragraph, small enough that a flood costs little. */
export const CHAT_TEXT_MAX = 2000

/** Messages per page of the history the chat page loads, newest page first. */
export const CHAT_PAGE_SIZE = 30
