// The name a user is published under in a collaborative document's presence.
import { describe, expect, it } from 'vitest';
import { collabDisplayName } from './collabUser';

describe('collabDisplayName', () => {
  it('is the nickname, else the display name', () => {
    expect(collabDisplayName({ nickname: 'Ally', name: 'Alice Liddell' }, 'Collaborator')).toBe('Ally');
    expect(collabDisplayName({ nickname: null, name: 'Alice Liddell' }, 'Collaborator')).toBe(
      'Alice Liddell',
    );
    expect(collabDisplayName({ nickname: '  ', name: ' Alice ' }, 'Collaborator')).toBe('Alice');
  });

  it('never falls back to the email address: a user without either name is the neutral word', () => {
    const settings = { nickname: null, name: null, email: 'alice.private@example.com' };
    expect(collabDisplayName(settings, 'Collaborator')).toBe('Collaborator');
    expect(collabDisplayName(undefined, 'Collaborator')).toBe('Collaborator');
  });
});
