import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { closedPage, donePage, formPage } from '../../src/http/invite-page-html.ts';
import { FORM_FIELDS, formErrorsFrom, readForm } from '../../src/domain/onboarding-invites/form.ts';
import type { InvitePage } from '../../src/domain/onboarding-invites/service.ts';

const HOSTILE = `<script>alert(1)</script><img src=x onerror=alert(2)>"'&`;
const ESCAPED = '&lt;script&gt;alert(1)&lt;/script&gt;&lt;img src=x onerror=alert(2)&gt;&quot;&#39;&amp;';

function invite(overrides: Partial<InvitePage['settings']> = {}): InvitePage {
  return {
    state: 'open',
    partnerName: HOSTILE,
    settings: { scopes: ['accounts.read'], capabilities: ['transfers'], feePlanCodes: [], termsOfServiceURL: `https://example.com/terms?a="${HOSTILE}`, ...overrides },
    values: {},
  };
}

/** The page's markup with every escaped hostile string taken out: what is left is the template's own. */
function withoutEscaped(html: string): string {
  return html.split(ESCAPED).join('');
}

describe('the invite page markup', () => {
  it('escapes every value a person or platform supplied, in text and attributes', () => {
    const values = Object.fromEntries(FORM_FIELDS.map((field) => [field, HOSTILE]));
    const errors = Object.fromEntries([...FORM_FIELDS, 'general'].map((field) => [field, HOSTILE]));
    const html = formPage(invite(), values, errors);
    for (const page of [html, donePage(HOSTILE, HOSTILE)]) {
      assert.ok(page.includes(ESCAPED), 'the hostile text is there, escaped');
      const rest = withoutEscaped(page);
      assert.doesNotMatch(rest, /<script|<img|onerror|alert\(/);
    }
    // Every field's value attribute holds the escaped text.
    assert.equal(html.split(`value="${ESCAPED}"`).length - 1, FORM_FIELDS.length - 2, 'text inputs (not the radios or the checkbox)');
  });

  it('labels every input', () => {
    const html = formPage(invite({ prefill: undefined }), {}, {});
    const ids = [...html.matchAll(/<input type="(?:text|email|tel|url|checkbox)" id="([^"]+)"/g)].map((m) => m[1]);
    assert.ok(ids.length >= 9);
    for (const id of ids) assert.ok(html.includes(`<label for="${id}">`), id);
  });

  it('says why a link is closed', () => {
    assert.match(closedPage('expired'), /expired/);
    assert.match(closedPage('revoked'), /withdrawn/);
    assert.match(closedPage('redeemed'), /already been used/);
  });
});

describe('reading the form', () => {
  it('keeps known fields only, refuses repeated and over-long values', () => {
    const { values, errors } = readForm({ 'business.email': ' a@b.co ', extra: 'x', accountType: ['business', 'individual'], 'individual.firstName': 'x'.repeat(300) });
    assert.deepEqual(values, { 'business.email': 'a@b.co', 'individual.firstName': 'x'.repeat(256) });
    assert.equal(errors.accountType, 'must be sent once');
    assert.match(errors['individual.firstName'] ?? '', /no more than 256/);
    assert.equal('extra' in values, false);
  });

  it("places the accounts service's messages on the form's fields", () => {
    const errors = formErrorsFrom({
      profile: { business: { email: 'bad email', phone: { number: 'bad phone' } }, individual: { name: { lastName: 'bad name' } } },
      termsOfService: { manual: { acceptedIP: 'bad ip' } },
      foreignID: 'too long',
    });
    assert.deepEqual(errors, {
      'business.email': 'bad email',
      'business.phone': 'bad phone',
      'individual.lastName': 'bad name',
      acceptTerms: 'bad ip',
      general: 'foreignID: too long',
    });
  });
});
