import { describe, expect, it } from 'vitest';
import { inviteEmail } from './invite';

describe('the invite e-mail', () => {
  it('names the workspace and the inviter, links to sign-in, and escapes what they typed', () => {
    const mail = inviteEmail({ workspaceName: '<b>Evil</b>', inviterEmail: 'o@e.com', appUrl: 'https://app.example/login' });
    expect(mail.html).toContain('&lt;b&gt;Evil&lt;/b&gt;');
    expect(mail.html).toContain('o@e.com invited you');
    expect(mail.html).toContain('href="https://app.example/login"');
    expect(mail.subject).toContain('<b>Evil</b>');
  });
});
