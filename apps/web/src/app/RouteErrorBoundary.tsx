import { Component, type ReactNode } from 'react';
import { useLocation } from 'react-router';

interface BoundaryProps {
  /** The location the error happened at: moving elsewhere clears the error. */
  resetKey: string;
  fallback: ReactNode;
  children: ReactNode;
}

interface BoundaryState {
  failed: boolean;
  failedAt: string | null;
}

class Boundary extends Component<BoundaryProps, BoundaryState> {
  override state: BoundaryState = { failed: false, failedAt: null };

  static getDerivedStateFromError(): Partial<BoundaryState> {
    return { failed: true };
  }

  static getDerivedStateFromProps(props: BoundaryProps, state: BoundaryState): Partial<BoundaryState> | null {
    return state.failed && state.failedAt !== null && state.failedAt !== props.resetKey
      ? { failed: false, failedAt: null }
      : null;
  }

  override componentDidCatch(): void {
    this.setState({ failedAt: this.props.resetKey });
  }

  override render() {
    return this.state.failed ? this.props.fallback : this.props.children;
  }
}

/**
 * The error page instead of a subtree that failed to render (a page's error, or its code that could not load after
 * a new release), until the user goes to another address (its "go to the start page" button, the menu, back).
 */
export function RouteErrorBoundary({ fallback, children }: { fallback: ReactNode; children: ReactNode }) {
  const { pathname } = useLocation();
  return (
    <Boundary resetKey={pathname} fallback={fallback}>
      {children}
    </Boundary>
  );
}
