import { describe, expect, it } from 'vitest';
import { bareHost, isLocalhostName, isPrivateAddress } from './outbound.address.js';

describe('private address policy', () => {
  it('refuses loopback, private, link-local, CGNAT, multicast and reserved IPv4', () => {
    for (const a of [
      '127.0.0.1',
      '10.1.2.3',
      '172.20.0.1',
      '192.168.1.1',
      '169.254.169.254',
      '100.64.0.1',
      '0.0.0.0',
      '224.0.0.1',
      '255.255.255.255',
    ]) {
      expect(isPrivateAddress(a), a).toBe(true);
    }
  });

  it('refuses IPv6 loopback, ULA, link-local, multicast and mapped private IPv4', () => {
    for (const a of [
      '::1',
      '[::1]',
      'fd00::1',
      'fe80::1%eth0',
      'ff02::1',
      '::ffff:127.0.0.1',
      '::ffff:a9fe:a9fe',
      '64:ff9b::10.0.0.1',
      '::',
      '::7f00:1',
      '::ffff:7f00:1',
      '100::1',
    ]) {
      expect(isPrivateAddress(a), a).toBe(true);
    }
  });

  it('allows public addresses and treats non-IPs as refused', () => {
    for (const a of ['93.184.216.34', '8.8.8.8', '2606:4700::1111', '::ffff:8.8.8.8']) {
      expect(isPrivateAddress(a), a).toBe(false);
    }
    expect(isPrivateAddress('example.com')).toBe(true);
  });
});

describe('URL hosts', () => {
  it('reads hosts the way the WHATWG URL parser leaves them, without brackets or trailing dots', () => {
    const hostOf = (url: string) => bareHost(new URL(url).hostname);
    expect(hostOf('http://2130706433/')).toBe('127.0.0.1');
    expect(hostOf('http://0x7f.1/')).toBe('127.0.0.1');
    expect(hostOf('http://0177.0.0.1/')).toBe('127.0.0.1');
    expect(hostOf('http://[::ffff:127.0.0.1]/')).toBe('::ffff:7f00:1');
    expect(hostOf('http://[::]/')).toBe('::');
    expect(hostOf('http://Example.COM../')).toBe('example.com');
    for (const url of [
      'http://2130706433/',
      'http://0x7f.1/',
      'http://[::ffff:127.0.0.1]/',
      'http://[::]/',
    ]) {
      expect(isPrivateAddress(hostOf(url)), url).toBe(true);
    }
  });

  it('knows localhost names, trailing dot or not', () => {
    for (const h of ['localhost', 'localhost.', 'LOCALHOST', 'api.localhost', 'a.localhost..']) {
      expect(isLocalhostName(h), h).toBe(true);
    }
    expect(isLocalhostName('localhost.example.com')).toBe(false);
  });
});
