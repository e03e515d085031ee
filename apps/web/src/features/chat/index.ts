/** The support chat on every page; its code is loaded after the first paint. */
export const loadChatWidget = () => import('./chat-widget');
