// jspurefix's dependency injection needs Reflect's metadata before any of its modules loads.
import 'reflect-metadata'
import { isIP } from 'node:net'
import { rootCertificates } from 'node:tls'
import {
  JsFixLoggerFactory,
  type IJsFixLogger,
  type IMsgApplication,
  type ISessionDescription,
} from 'jspurefix'

/**
 * The one door to jspurefix (decision 050): every FIX module of ours imports it from here, and this
 * module is loaded only when FIX is used (`PRICE_SOURCE=fix:`, the test provider): it takes 1 to 2 s.
 */
export {
  AsciiSession,
  SessionLauncher,
  SessionState,
  MsgType,
  MsgTag,
  type IJsFixConfig,
  type MsgView,
} from 'jspurefix'
export type {
  IMarketDataRequest,
  IMarketDataSnapshotFullRefresh,
  IMarketDataIncrementalRefresh,
  IMarketDataRequestReject,
  IMDFullGrp,
  IMDIncGrp,
  INewOrderSingle,
  IExecutionReport,
  IOrderStatusRequest,
  IBusinessMessageReject,
} from 'jspurefix/dist/types/FIX4.4/repo/index.js'

/** What a session of ours reports of jspurefix's own log: its warnings and errors, nothing chattier. */
export type FixLog = (
  level: 'info' | 'warn' | 'error',
  message: string,
  fields: Record<string, unknown>,
) => void

/** jspurefix's logger factory, forwarding warnings and errors to ours. */
export class ForwardingLogFactory extends JsFixLoggerFactory {
  constructor(private readonly log: FixLog) {
    super()
  }

  logger(type: string): IJsFixLogger {
    const log = this.log
    return {
      info: () => {},
      debug: () => {},
      warning: (message) => log('warn', message, { component: type }),
      error: (error) => log('error', error.message, { component: type }),
    }
  }

  plain(): IJsFixLogger {
    return this.logger('plain')
  }
}

export interface SessionEnds {
  name: string
  role: 'initiator' | 'acceptor'
  host: string
  port: number
  senderCompId: string
  targetCompId: string
  heartbeatSeconds: number
  resetOnLogon: boolean
  username?: string | undefined
  password?: string | undefined
  /** An initiator's TLS (PEM texts), or an acceptor's certificate and key. */
  tls?: { ca?: string; cert?: string; key?: string; servername?: string } | undefined
}

/**
 * A FIX 4.4 session's description for jspurefix (the `repo44` dictionary, whose message types
 * `IMarketDataRequest` and the rest match). Reconnecting is ours (session-runner.ts), not its.
 */
export function sessionDescription(ends: SessionEnds): ISessionDescription {
  return {
    application: {
      name: ends.name,
      type: ends.role,
      protocol: 'ascii',
      dictionary: 'repo44',
      reconnectSeconds: 0,
      resilient: false,
      connectTimeoutSeconds: 5,
      tcp: { host: ends.host, port: ends.port, ...(ends.tls && { tls: tlsOf(ends) }) },
    },
    Name: ends.name,
    BeginString: 'FIX.4.4',
    SenderCompId: ends.senderCompId,
    TargetCompID: ends.targetCompId,
    HeartBtInt: ends.heartbeatSeconds,
    ResetSeqNumFlag: ends.resetOnLogon,
    // Empty fields are not sent at all (a provider may refuse a Username it does not expect).
    ...(ends.username && { Username: ends.username }),
    ...(ends.password && { Password: ends.password }),
  } as ISessionDescription
}

/**
 * jspurefix's TLS options from PEM texts (its own `key`, `cert` and `ca` are file names read inside
 * its package folder, so Node's options are given whole instead). An initiator verifies the
 * provider's certificate; the acceptor (the test provider) asks none of its clients.
 */
function tlsOf(ends: SessionEnds): NonNullable<NonNullable<IMsgApplication['tcp']>['tls']> {
  const tls = ends.tls ?? {}
  if (ends.role === 'acceptor')
    return {
      rejectUnauthorized: false,
      nodeTlsServerOptions: { ...(tls.cert && { cert: tls.cert }), ...(tls.key && { key: tls.key }) },
    }
  return {
    rejectUnauthorized: true,
    nodeTlsConnectionOptions: {
      rejectUnauthorized: true,
      // A name to verify the certificate for (an address is verified as such: SNI takes no address).
      ...((tls.servername ?? (isIP(ends.host) ? undefined : ends.host)) && {
        servername: tls.servername ?? ends.host,
      }),
      ...(tls.ca && { ca: [...rootCertificates, tls.ca] }),
      ...(tls.cert && { cert: tls.cert }),
      ...(tls.key && { key: tls.key }),
    },
  }
}
