import { createHash } from 'node:crypto';
import type { FormErrors, FormField, FormValues } from '../domain/onboarding-invites/form.ts';
import type { InvitePage } from '../domain/onboarding-invites/service.ts';
import type { InviteState } from '../domain/onboarding-invites/settings.ts';
import { escapeHtml as e } from './root-page.ts';

/*
 * The invite page's HTML (decision 1751): plain server-rendered forms, no
 * script. Every value that came from a person or a platform (names, prefill,
 * messages, URLs) goes through escapeHtml, in text and in attributes alike; the
 * only markup is this file's own.
 */

const STYLE = `body{font-family:system-ui,sans-serif;max-width:40rem;margin:2rem auto;padding:0 1rem;line-height:1.5}
label{display:block;margin-top:.75rem;font-weight:600}input[type=text],input[type=email],input[type=tel],input[type=url]{width:100%;padding:.4rem;box-sizing:border-box}
fieldset{margin-top:1rem;border:1px solid #ccc;padding:.5rem 1rem 1rem}.error{color:#a00000;margin:.25rem 0 0}.terms label{display:inline;font-weight:400}
button{margin-top:1.25rem;padding:.5rem 1.25rem;font-size:1rem}`;

/** The CSP hash of the one inline style, so the policy allows it and nothing else. */
export const STYLE_HASH = `'sha256-${createHash('sha256').update(STYLE).digest('base64')}'`;

function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="referrer" content="no-referrer">
<title>${e(title)}</title>
<style>${STYLE}</style>
</head>
<body>
<main>
${body}
</main>
</body>
</html>
`;
}

const CLOSED_TEXT: Record<Exclude<InviteState, 'open'>, string> = {
  redeemed: 'This invitation has already been used to create an account. Ask the platform for a new one if you need another account.',
  revoked: 'This invitation was withdrawn by the platform that sent it. Ask them for a new one.',
  expired: 'This invitation has expired. Ask the platform that sent it for a new one.',
};

export function notFoundPage(): string {
  return page('Invitation not found', '<h1>Invitation not found</h1>\n<p>No invitation has this link. Check that you copied the whole address.</p>');
}

export function closedPage(state: Exclude<InviteState, 'open'>): string {
  return page('Invitation unavailable', `<h1>Invitation unavailable</h1>\n<p id="closed" data-state="${e(state)}">${e(CLOSED_TEXT[state])}</p>`);
}

export function donePage(partnerName: string, accountID: string): string {
  return page(
    'Account created',
    `<h1>Your account is ready</h1>\n<p>${e(partnerName)} can now work with your account.</p>\n<p>Account ID: <code id="account-id">${e(accountID)}</code></p>`,
  );
}

function field(name: FormField, label: string, type: string, values: FormValues, errors: FormErrors, autocomplete: string): string {
  const id = `f-${name.replace('.', '-')}`;
  const error = errors[name];
  const described = error ? ` aria-invalid="true" aria-describedby="${id}-error"` : '';
  return `<label for="${id}">${e(label)}</label>
<input type="${type}" id="${id}" name="${e(name)}" value="${e(values[name] ?? '')}" maxlength="256" autocomplete="${autocomplete}"${described}>
${error ? `<p class="error" id="${id}-error">${e(error)}</p>` : ''}`;
}

/** The form, filled with `values`, each message under its field. */
export function formPage(invite: InvitePage, values: FormValues, errors: FormErrors): string {
  const fixedType = invite.settings.prefill?.accountType;
  const chosen = fixedType ?? values.accountType;
  const typeChoice = fixedType
    ? `<p>Account type: <strong>${e(fixedType === 'business' ? 'Business' : 'Individual')}</strong></p>`
    : `<fieldset><legend>Account type</legend>
<label><input type="radio" name="accountType" value="business"${chosen === 'business' ? ' checked' : ''}> Business</label>
<label><input type="radio" name="accountType" value="individual"${chosen === 'individual' ? ' checked' : ''}> Individual</label>
${errors.accountType ? `<p class="error" id="f-accountType-error">${e(errors.accountType)}</p>` : ''}
</fieldset>`;
  const business =
    fixedType === 'individual'
      ? ''
      : `<fieldset><legend>${fixedType ? 'Your business' : 'If you are a business'}</legend>
${field('business.legalBusinessName', 'Legal business name', 'text', values, errors, 'organization')}
${field('business.email', 'Business email', 'email', values, errors, 'email')}
${field('business.phone', 'Business phone (US, ten digits)', 'tel', values, errors, 'tel-national')}
${field('business.website', 'Website', 'url', values, errors, 'url')}
</fieldset>`;
  const individual =
    fixedType === 'business'
      ? ''
      : `<fieldset><legend>${fixedType ? 'About you' : 'If you are an individual'}</legend>
${field('individual.firstName', 'First name', 'text', values, errors, 'given-name')}
${field('individual.lastName', 'Last name', 'text', values, errors, 'family-name')}
${field('individual.email', 'Email', 'email', values, errors, 'email')}
${field('individual.phone', 'Phone (US, ten digits)', 'tel', values, errors, 'tel-national')}
</fieldset>`;
  const termsURL = invite.settings.termsOfServiceURL;
  const termsLink = termsURL ? ` (<a href="${e(termsURL)}" rel="noreferrer noopener" target="_blank">read them</a>)` : '';
  const capabilities = invite.settings.capabilities;
  return page(
    `Join ${invite.partnerName}`,
    `<h1>Create your account with ${e(invite.partnerName)}</h1>
<p>${e(invite.partnerName)} invited you to open an account${capabilities.length ? ` able to: ${e(capabilities.join(', '))}` : ''}.</p>
${errors.general ? `<p class="error" id="general-error" role="alert">${e(errors.general)}</p>` : ''}
<form method="post" novalidate>
${typeChoice}
${business}
${individual}
<p class="terms"><input type="checkbox" id="f-acceptTerms" name="acceptTerms" value="yes"${values.acceptTerms === 'yes' ? ' checked' : ''}${errors.acceptTerms ? ' aria-invalid="true" aria-describedby="f-acceptTerms-error"' : ''}>
<label for="f-acceptTerms">I accept the terms of service${termsLink}</label></p>
${errors.acceptTerms ? `<p class="error" id="f-acceptTerms-error">${e(errors.acceptTerms)}</p>` : ''}
<button type="submit">Create account</button>
</form>`,
  );
}
