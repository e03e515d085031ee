/**
 * What the shell reads from the settings feature: the theme sync, loaded once a user is signed
 * in (it saves the theme on the server and adopts the server's copy on sign-in).
 */
export const loadThemeSync = () => import('./theme-sync');
