import { afterEach, describe, expect, it } from 'vitest';
import { APP_SHELL_ID, markSignedOut, removeAppShell } from './app-shell';

afterEach(() => document.documentElement.removeAttribute('data-signed-out'));

describe('the prerendered shell of a signed-in page', () => {
  it('is marked not to show when the browser holds no session token, and shows again when it does', () => {
    markSignedOut(false);
    expect(document.documentElement).toHaveAttribute('data-signed-out');
    markSignedOut(true);
    expect(document.documentElement).not.toHaveAttribute('data-signed-out');
  });

  it('is removed once the app takes over, and removing it twice is harmless', () => {
    const shell = document.createElement('div');
    shell.id = APP_SHELL_ID;
    document.body.append(shell);
    removeAppShell();
    expect(document.getElementById(APP_SHELL_ID)).toBeNull();
    expect(() => removeAppShell()).not.toThrow();
  });
});
