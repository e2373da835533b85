import { isIP } from 'node:net';

/** A parsed IP address: 4 or 16 bytes. */
export interface IpAddress {
  readonly family: 4 | 6;
  readonly bytes: Uint8Array;
}

/** A parsed network (`addr/prefix`), host bits cleared. */
export interface IpNetwork {
  readonly family: 4 | 6;
  readonly bytes: Uint8Array;
  readonly prefix: number;
}

function parseV4(text: string): Uint8Array | null {
  const parts = text.split('.');
  if (parts.length !== 4) return null;
  const out = new Uint8Array(4);
  for (const [i, part] of parts.entries()) {
    if (!/^\d{1,3}$/.test(part)) return null;
    const value = Number(part);
    if (value > 255) return null;
    out[i] = value;
  }
  return out;
}

function parseV6(text: string): Uint8Array | null {
  let body = text;
  const zone = body.indexOf('%');
  if (zone !== -1) body = body.slice(0, zone);
  let tail: Uint8Array | null = null;
  const lastColon = body.lastIndexOf(':');
  if (body.slice(lastColon + 1).includes('.')) {
    tail = parseV4(body.slice(lastColon + 1));
    if (tail === null) return null;
    body = `${body.slice(0, lastColon + 1)}0:0`;
  }
  const halves = body.split('::');
  if (halves.length > 2) return null;
  const toGroups = (s: string): number[] | null => {
    if (s === '') return [];
    const groups = s.split(':');
    const out: number[] = [];
    for (const g of groups) {
      if (!/^[0-9a-fA-F]{1,4}$/.test(g)) return null;
      out.push(Number.parseInt(g, 16));
    }
    return out;
  };
  const head = toGroups(halves[0] ?? '');
  const rest = halves.length === 2 ? toGroups(halves[1] ?? '') : [];
  if (head === null || rest === null) return null;
  const missing = 8 - head.length - rest.length;
  if ((halves.length === 1 && missing !== 0) || (halves.length === 2 && missing < 1)) return null;
  const groups = [...head, ...new Array<number>(halves.length === 2 ? missing : 0).fill(0), ...rest];
  const out = new Uint8Array(16);
  groups.forEach((g, i) => {
    out[i * 2] = g >> 8;
    out[i * 2 + 1] = g & 0xff;
  });
  if (tail !== null) out.set(tail, 12);
  return out;
}

/** Parses an IPv4 or IPv6 literal (brackets and a zone id allowed); null for anything else. */
export function parseIpAddress(text: string): IpAddress | null {
  const bare = text.startsWith('[') && text.endsWith(']') ? text.slice(1, -1) : text;
  const kind = isIP(bare.split('%')[0] ?? '');
  if (kind === 4) {
    const bytes = parseV4(bare);
    return bytes === null ? null : { family: 4, bytes };
  }
  if (kind === 6) {
    const bytes = parseV6(bare);
    return bytes === null ? null : { family: 6, bytes };
  }
  return null;
}

/** Parses `addr/prefix` or a bare address (`/32`, `/128`); host bits are cleared. Null when invalid. */
export function parseIpNetwork(text: string): IpNetwork | null {
  const slash = text.indexOf('/');
  const address = parseIpAddress(slash === -1 ? text : text.slice(0, slash));
  if (address === null) return null;
  const max = address.family === 4 ? 32 : 128;
  let prefix = max;
  if (slash !== -1) {
    const raw = text.slice(slash + 1);
    if (!/^\d{1,3}$/.test(raw)) return null;
    prefix = Number(raw);
    if (prefix > max) return null;
  }
  const bytes = Uint8Array.from(address.bytes);
  for (let bit = prefix; bit < max; bit += 1) bytes[bit >> 3] = (bytes[bit >> 3] as number) & ~(0x80 >> (bit & 7));
  return { family: address.family, bytes, prefix };
}

/** Whether an address lies in a network of the same family. */
export function networkContains(network: IpNetwork, address: IpAddress): boolean {
  if (network.family !== address.family) return false;
  for (let bit = 0; bit < network.prefix; bit += 1) {
    const mask = 0x80 >> (bit & 7);
    if (((network.bytes[bit >> 3] as number) & mask) !== ((address.bytes[bit >> 3] as number) & mask)) return false;
  }
  return true;
}

/** Canonical text of a network (`10.0.0.0/8`, `fd00::/8`). */
export function formatIpNetwork(network: IpNetwork): string {
  return `${formatIpAddress({ family: network.family, bytes: network.bytes })}/${network.prefix}`;
}

/** Canonical text of an address (RFC 5952 compression for IPv6). */
export function formatIpAddress(address: IpAddress): string {
  if (address.family === 4) return [...address.bytes].join('.');
  const groups: number[] = [];
  for (let i = 0; i < 16; i += 2) groups.push(((address.bytes[i] as number) << 8) | (address.bytes[i + 1] as number));
  let bestStart = -1;
  let bestLen = 0;
  for (let i = 0; i < 8; ) {
    if (groups[i] !== 0) {
      i += 1;
      continue;
    }
    let j = i;
    while (j < 8 && groups[j] === 0) j += 1;
    if (j - i > bestLen && j - i > 1) {
      bestStart = i;
      bestLen = j - i;
    }
    i = j;
  }
  const hex = groups.map((g) => g.toString(16));
  if (bestStart === -1) return hex.join(':');
  return `${hex.slice(0, bestStart).join(':')}::${hex.slice(bestStart + bestLen).join(':')}`;
}

const NON_GLOBAL_V4 = [
  '0.0.0.0/8', '10.0.0.0/8', '100.64.0.0/10', '127.0.0.0/8', '169.254.0.0/16', '172.16.0.0/12', '192.0.0.0/29',
  '192.0.0.170/31', '192.0.2.0/24', '192.168.0.0/16', '198.18.0.0/15', '198.51.100.0/24', '203.0.113.0/24',
  '240.0.0.0/4', '255.255.255.255/32', '224.0.0.0/4',
];
const NON_GLOBAL_V6 = ['::1/128', '::/128', '100::/64', '2001::/23', '2001:2::/48', '2001:db8::/32', '2001:10::/28', 'fc00::/7', 'fe80::/10', 'ff00::/8'];

/** The non-globally-routable ranges of §12.2 (multicast included). */
export const NON_GLOBAL_NETWORKS: readonly string[] = [...NON_GLOBAL_V4, ...NON_GLOBAL_V6];

const PARSED_NON_GLOBAL = NON_GLOBAL_NETWORKS.map((n) => parseIpNetwork(n) as IpNetwork);
const V4_MAPPED = parseIpNetwork('::ffff:0:0/96') as IpNetwork;
const V4_COMPATIBLE = parseIpNetwork('::/96') as IpNetwork;
const SIX_TO_FOUR = parseIpNetwork('2002::/16') as IpNetwork;
const NAT64 = parseIpNetwork('64:ff9b::/96') as IpNetwork;

/**
 * The address an IPv6 address really reaches when it embeds an IPv4 one (v4-mapped, 6to4, NAT64;
 * also the deprecated v4-compatible `::a.b.c.d`, judged stricter than the reference).
 */
export function effectiveAddress(address: IpAddress): IpAddress {
  if (address.family === 4) return address;
  if (networkContains(V4_MAPPED, address) || networkContains(NAT64, address)) return { family: 4, bytes: address.bytes.slice(12, 16) };
  if (networkContains(SIX_TO_FOUR, address)) return { family: 4, bytes: address.bytes.slice(2, 6) };
  if (networkContains(V4_COMPATIBLE, address) && !address.bytes.slice(0, 12).some((b) => b !== 0)) {
    const v4 = address.bytes.slice(12, 16);
    // `::` and `::1` are IPv6's own unspecified/loopback addresses, judged as IPv6.
    if (v4[0] !== 0 || v4[1] !== 0) return { family: 4, bytes: v4 };
  }
  return address;
}

/** Whether an address is not globally routable (§12.2), judged on its effective address. */
export function isNonGlobalAddress(address: IpAddress): boolean {
  const effective = effectiveAddress(address);
  // Whatever of `::/96` is not an embedded IPv4 address is reserved, never a fetch target.
  if (effective.family === 6 && networkContains(V4_COMPATIBLE, effective)) return true;
  return PARSED_NON_GLOBAL.some((network) => networkContains(network, effective));
}
