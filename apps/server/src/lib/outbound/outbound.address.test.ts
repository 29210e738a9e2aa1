import { describe, expect, it } from 'vitest';
import { isPrivateAddress } from './outbound.address.js';

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
