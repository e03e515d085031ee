import { isIP } from 'node:net';
import type { FastifyRequest } from 'fastify';
import type { AppConfig } from '../config';

/** Headers a proxy adds: a request carrying one was relayed from somewhere else. */
const FORWARDING_HEADERS = ['forwarded', 'x-forwarded-for', 'x-forwarded-host', 'x-real-ip'];

export function isLoopbackAddress(address: string | undefined): boolean {
  if (!address) return false;
  const plain = address.startsWith('::ffff:') ? address.slice('::ffff:'.length) : address;
  return plain === '::1' || (isIP(plain) === 4 && plain.startsWith('127.'));
}

/** The host name of a Host header: `localhost:3000` → `localhost`, `[::1]:3000` → `::1`. */
function hostNameOf(host: string | undefined): string {
  if (!host) return '';
  const bracketed = /^\[([^\]]+)\]/.exec(host);
  return (bracketed ? bracketed[1]! : host.replace(/:\d+$/, '')).toLowerCase();
}

const publicHostNames = new Map<string, string>();
/** PUBLIC_URL's host name, parsed once (a URL parse per request was ≈ 1 % of a small answer's CPU). */
function publicHostName(publicUrl: string): string {
  let name = publicHostNames.get(publicUrl);
  if (name === undefined) {
    name = new URL(publicUrl).hostname.toLowerCase();
    publicHostNames.set(publicUrl, name);
  }
  return name;
}

/**
 * A client on this machine: the socket's peer is a loopback address (never a forwarded header,
 * which anyone can write), nothing says a proxy relayed the request, and the Host is this machine
 * or PUBLIC_URL's host — so a web page that rebinds its own domain to 127.0.0.1 is not local.
 */
export function isLocalClient(request: FastifyRequest, publicUrl: string): boolean {
  if (!isLoopbackAddress(request.raw.socket?.remoteAddress)) return false;
  if (FORWARDING_HEADERS.some((name) => request.headers[name] !== undefined)) return false;
  const host = hostNameOf(request.headers.host);
  return host === 'localhost' || isLoopbackAddress(host) || host === publicHostName(publicUrl);
}

/** The dev mailbox exists (no SMTP relay) and answers this client (on this machine, unless opened to all). */
export function canReadDevMailbox(config: AppConfig, request: FastifyRequest): boolean {
  if (!config.mail.devMailbox) return false;
  return config.mail.devMailboxAllowRemote || isLocalClient(request, config.publicUrl);
}
