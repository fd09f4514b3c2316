export {
  StdioProcessTransport,
  CommandNotFoundError,
  ServerProcessExitError,
  killProcessGroup,
  type StdioProcessTransportOptions,
} from './StdioProcessTransport';
export { WebSocketClientTransport, WebSocketUpgradeError, type WebSocketClientTransportOptions } from './WebSocketClientTransport';
