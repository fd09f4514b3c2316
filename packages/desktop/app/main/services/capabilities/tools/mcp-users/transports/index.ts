export {
  StdioProcessTransport,
  CommandNotFoundError,
  ServerProcessExitError,
  WorkdirNotFoundError,
  processEndOf,
  type StdioProcessTransportOptions,
  type StdioStopTimings,
} from './StdioProcessTransport';
export { killProcessGroup, terminateGroup, groupAlive, processStartTime, type ProcessRegistry, type TrackedProcess } from './processGroup';
export { WebSocketClientTransport, WebSocketUpgradeError, type WebSocketClientTransportOptions } from './WebSocketClientTransport';
