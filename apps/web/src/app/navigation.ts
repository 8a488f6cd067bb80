type Navigate = (to: string, options?: { replace?: boolean }) => Promise<void> | void;

/** Before the router exists (or in tests), a plain page load. */
let navigateTo: Navigate = (to) => {
  window.location.assign(`/v2${to}`);
};

/**
 * The router registers its navigate here (router.tsx), so code the router's pages import (logout, the session's
 * dialogs) can navigate without importing the router: that import closed a cycle through every page.
 */
export function setNavigator(navigate: Navigate): void {
  navigateTo = navigate;
}

export async function navigate(to: string, options?: { replace?: boolean }): Promise<void> {
  await navigateTo(to, options);
}
