export {
  StdioProcessTransport,
  CommandNotFoundError,
  ServerProcessExitError,
  type StdioProcessTransportOptions,
} from './StdioProcessTransport';
export { killProcessGroup, terminateGroup, groupAlive, processStartTime, type ProcessRegistry, type TrackedProcess } from './processGroup';
export { WebSocketClientTransport, WebSocketUpgradeError, type WebSocketClientTransportOptions } from './WebSocketClientTransport';
