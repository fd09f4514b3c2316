export {
  StdioProcessTransport,
  CommandNotFoundError,
  ServerProcessExitError,
  type StdioProcessTransportOptions,
} from './StdioProcessTransport';
export { killProcessGroup, terminateGroup, groupAlive, processStartTime } from './processGroup';
export { WebSocketClientTransport, WebSocketUpgradeError, type WebSocketClientTransportOptions } from './WebSocketClientTransport';
