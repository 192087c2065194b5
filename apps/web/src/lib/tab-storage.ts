/**
 * The tab's session storage for small client state (the booking pages' payment keys, the e-mail
 * a guest just booked with, the chat's unsent texts), with the page's memory standing in where the storage is blocked
 * (private modes, disabled storage) or absent (the server).
 */
const memory = new Map<string, string>();

/**
 * Names of what belongs to the signed-in account (the chat's unsent texts): a sign-out in this
 * tab removes them (`removeAccountItems`), so the next person at a shared computer finds none.
 */
export const ACCOUNT_ITEM_PREFIX = 'gallop.account.';

function sessionStore(): Storage | undefined {
  try {
    return typeof sessionStorage === 'undefined' ? undefined : sessionStorage;
  } catch {
    return undefined;
  }
}

export const tabStorage = {
  get(name: string): string | undefined {
    try {
      return sessionStore()?.getItem(name) ?? memory.get(name);
    } catch {
      return memory.get(name);
    }
  },
  set(name: string, value: string): void {
    memory.set(name, value);
    try {
      sessionStore()?.setItem(name, value);
    } catch {
      // Full or blocked: the page's memory keeps it for this page's life.
    }
  },
  remove(name: string): void {
    memory.delete(name);
    try {
      sessionStore()?.removeItem(name);
    } catch {
      // Blocked: nothing was stored there.
    }
  },
  /** Removes every item named with `ACCOUNT_ITEM_PREFIX`. */
  removeAccountItems(): void {
    const isAccountItem = (name: string) => name.startsWith(ACCOUNT_ITEM_PREFIX);
    for (const name of memory.keys()) if (isAccountItem(name)) memory.delete(name);
    try {
      const store = sessionStore();
      for (const name of Object.keys(store ?? {})) if (isAccountItem(name)) store!.removeItem(name);
    } catch {
      // Blocked: nothing was stored there.
    }
  },
};
