import { isIP } from 'node:net';
import type { FastifyRequest } from 'fastify';
import type { AppConfig } from '../config';

/**
 * Headers proxies, load balancers and CDNs add: a request carrying any of them was relayed from
 * somewhere else, so it is not a client on this machine even though its socket is loopback.
 */
const PROXY_HEADERS = new Set([
  'forwarded',
  'via',
  'x-real-ip',
  'x-client-ip',
  'x-cluster-client-ip',
  'true-client-ip',
  'fastly-client-ip',
  'x-original-forwarded-for',
  'x-envoy-external-address',
  'cdn-loop',
]);
/** Whole families: every `X-Forwarded-*` (For, Host, Proto, Port, Prefix …) and Cloudflare's `CF-*`. */
const PROXY_HEADER_PREFIXES = ['x-forwarded-', 'cf-'];

/** Whether any header (Node gives their names in lower case) says a proxy relayed the request. */
function carriesProxyHeader(headers: FastifyRequest['headers']): boolean {
  for (const name in headers) {
    if (PROXY_HEADERS.has(name) || PROXY_HEADER_PREFIXES.some((prefix) => name.startsWith(prefix))) return true;
  }
  return false;
}

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

/** A socket's peer, always an address the kernel wrote (never a name): a prefix says loopback. */
function peerIsLoopback(address: string | undefined): boolean {
  return (
    address !== undefined && (address === '::1' || address.startsWith('127.') || address.startsWith('::ffff:127.'))
  );
}

/** Whether a Host header names this machine, kept per PUBLIC_URL (its host name parsed once) and Host value. */
const localHostsByPublicUrl = new Map<string, { publicHost: string; known: Map<string, boolean> }>();
/** Host is the client's to write: past this many distinct values, answers are computed and not kept. */
const LOCAL_HOSTS_KEPT = 64;

function hostIsLocal(host: string | undefined, publicUrl: string): boolean {
  let hosts = localHostsByPublicUrl.get(publicUrl);
  if (!hosts) {
    hosts = { publicHost: new URL(publicUrl).hostname.toLowerCase(), known: new Map() };
    localHostsByPublicUrl.set(publicUrl, hosts);
  }
  const key = host ?? '';
  let local = hosts.known.get(key);
  if (local === undefined) {
    const name = hostNameOf(host);
    local = name === 'localhost' || isLoopbackAddress(name) || name === hosts.publicHost;
    if (hosts.known.size < LOCAL_HOSTS_KEPT) hosts.known.set(key, local);
  }
  return local;
}

/**
 * A client on this machine: the socket's peer is a loopback address (never a forwarded header,
 * which anyone can write), no header says a proxy relayed the request, and the Host is this machine
 * or PUBLIC_URL's host — so a web page that rebinds its own domain to 127.0.0.1 is not local.
 * Asked on every `/api/config`, so the Host's answer is remembered (its parse was ≈ 2 % of that answer's CPU).
 */
export function isLocalClient(request: FastifyRequest, publicUrl: string): boolean {
  if (!peerIsLoopback(request.raw.socket?.remoteAddress)) return false;
  if (carriesProxyHeader(request.headers)) return false;
  return hostIsLocal(request.headers.host, publicUrl);
}

/** The dev mailbox exists (no SMTP relay) and answers this client (on this machine, unless opened to all). */
export function canReadDevMailbox(config: AppConfig, request: FastifyRequest): boolean {
  if (!config.mail.devMailbox) return false;
  return config.mail.devMailboxAllowRemote || isLocalClient(request, config.publicUrl);
}
