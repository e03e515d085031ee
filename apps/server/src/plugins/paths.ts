/** The HTTP API: /api and everything under it (JSON answers, files, the API docs). */
export const isApiPath = (url: string) => url === '/api' || url.startsWith('/api/');

/** What the server itself answers, never a page of the web app: the HTTP API and the WebSocket routes. */
export const isServerPath = (url: string) => isApiPath(url) || url.startsWith('/ws/');
