import { Component, type ReactNode } from 'react';

/**
 * A schema is a server's data: should the form still throw while drawing one the checks let
 * through, the playground falls back to the JSON editor instead of taking the drawer down.
 */
export class FormBoundary extends Component<{ onError: (error: Error) => void; children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  override componentDidCatch(error: Error): void {
    this.props.onError(error);
  }

  override render(): ReactNode {
    return this.state.failed ? null : this.props.children;
  }
}
