import {
  type CredentialKind,
  credentialLabels,
  warningMessage,
} from '../../../domain/contractors/credentials';
import type { Config } from '../../platform/config';
import type { OutgoingMail } from '../../platform/mail/types';

/** The mails a contractor gets about their application and their credentials. */

export type ContractorMailConfig = Pick<Config, 'publicUrl' | 'brandName' | 'supportEmail'>;

export interface MailRecipient {
  /** The account's address (where they sign in). */
  email: string;
  firstName: string | null;
  /** The application's contact address: copied when it is another address. */
  contactEmail: string;
  contactName: string;
  companyName: string;
}

function addressed(to: MailRecipient): Pick<OutgoingMail, 'to' | 'cc'> {
  const cc = to.contactEmail.trim().toLowerCase();
  return cc && cc !== to.email.toLowerCase() ? { to: to.email, cc } : { to: to.email };
}

function greeting(to: MailRecipient): string {
  return `Hi ${to.firstName?.trim() || to.contactName.trim() || 'there'},`;
}

function signature(config: ContractorMailConfig): string[] {
  return [
    '',
    `Questions? Reply to this mail or write to ${config.supportEmail}.`,
    '',
    `The ${config.brandName} team`,
  ];
}

/** The admin's decision: a welcome with the dashboard link, or the notes and how to apply again. */
export function verificationDecisionMail(
  to: MailRecipient,
  decision: { status: 'verified' | 'rejected'; notes: string | null },
  config: ContractorMailConfig,
): OutgoingMail {
  const notes = decision.notes?.trim();
  if (decision.status === 'verified') {
    return {
      ...addressed(to),
      replyTo: config.supportEmail,
      subject: `Welcome to the ${config.brandName} contractor network: ${to.companyName} is verified`,
      text: [
        greeting(to),
        '',
        `Good news: our team checked your licences and insurance, and ${to.companyName} is now a verified contractor of the ${config.brandName} network.`,
        '',
        ...(notes ? ['A note from our team:', notes, ''] : []),
        'What happens next: homeowners near you can now be matched with you. New matches appear on your dashboard, where you accept them and follow each job step by step:',
        `${config.publicUrl}/contractor-dashboard`,
        '',
        'Keep your licences and insurance current: we write to you 30 days before one expires, and a contractor whose general liability insurance has expired gets no new matches until it is renewed.',
        ...signature(config),
      ].join('\n'),
    };
  }
  return {
    ...addressed(to),
    replyTo: config.supportEmail,
    subject: `Your ${config.brandName} contractor application was not approved`,
    text: [
      greeting(to),
      '',
      `Our team reviewed the application of ${to.companyName} and could not verify it yet.`,
      '',
      ...(notes ? ['What our team found:', notes, ''] : []),
      'How to apply again: sign in, open your profile set-up, correct your licence and insurance information (upload current certificates), and submit the insurance step again. Your application then goes back to our team for review.',
      `${config.publicUrl}/contractor-profile-setup`,
      ...signature(config),
    ].join('\n'),
  };
}

export interface NoticeLine {
  kind: CredentialKind;
  state: string | null;
  expirationDate: string;
  status: 'expiring' | 'expired';
}

/** Which wizard step renews a credential. */
function renewHow(kind: CredentialKind): string {
  return kind === 'license'
    ? 'the licence step of your profile set-up'
    : 'the insurance step of your profile set-up';
}

/** The expiry job's mail: every credential that started expiring or expired since the last one. */
export function expiryNoticeMail(
  to: MailRecipient,
  notices: NoticeLine[],
  config: ContractorMailConfig,
): OutgoingMail {
  const lines = notices.map((n) => warningMessage(n.kind, n.state, n.expirationDate, n.status));
  const first = notices[0];
  const anyExpired = notices.some((n) => n.status === 'expired');
  const liabilityExpired = notices.some((n) => n.kind === 'general_liability' && n.status === 'expired');
  const subject =
    notices.length === 1 && first
      ? `${warningMessage(first.kind, first.state, first.expirationDate, first.status)}: please renew`
      : anyExpired
        ? 'Your licences or insurance have expired: please renew'
        : 'Your licences or insurance expire soon: please renew';
  const kinds = [...new Set(notices.map((n) => n.kind))];
  return {
    ...addressed(to),
    replyTo: config.supportEmail,
    subject,
    text: [
      greeting(to),
      '',
      `We keep an eye on the licences and insurance of ${to.companyName} so that homeowners can trust every contractor of our network. This needs your attention:`,
      '',
      ...lines.map((l) => `- ${l}`),
      '',
      ...(liabilityExpired
        ? [
            `Until your ${credentialLabels.general_liability.toLowerCase()} is renewed, you get no new matches. Projects you already work on are not affected.`,
            '',
          ]
        : []),
      `To renew, enter the new expiration date and upload the new certificate in ${kinds
        .map(renewHow)
        .filter((v, i, a) => a.indexOf(v) === i)
        .join(' and ')}:`,
      `${config.publicUrl}/contractor-profile-setup`,
      ...signature(config),
    ].join('\n'),
  };
}

/** What a bank change mail says about the accounts: names and last four digits, never the numbers. */
export interface BankChangeMailFacts {
  bankName: string;
  accountNumberLast4: string;
  /** The account in force until an admin approves the change. */
  currentBankName: string | null;
  currentAccountNumberLast4: string | null;
  requestedAt: Date;
  ip: string | null;
}

function accountText(bankName: string | null, last4: string | null): string {
  return bankName && last4 ? `${bankName}, account ending in ${last4}` : 'the account on file';
}

/**
 * To the account, as soon as new bank details are given after the payment set-up: what changed,
 * when and from where, that payouts are on hold until our team reviews it, and what to do if it
 * was not them.
 */
export function bankChangeRequestedMail(
  to: MailRecipient,
  facts: BankChangeMailFacts,
  config: ContractorMailConfig,
): OutgoingMail {
  return {
    ...addressed(to),
    replyTo: config.supportEmail,
    subject: `Your ${config.brandName} payout bank details were changed: payouts on hold until review`,
    text: [
      greeting(to),
      '',
      `New bank details were entered for the payouts of ${to.companyName}:`,
      '',
      `- New account: ${accountText(facts.bankName, facts.accountNumberLast4)}`,
      `- Account on file: ${accountText(facts.currentBankName, facts.currentAccountNumberLast4)}`,
      `- When: ${facts.requestedAt.toISOString().replace('T', ' ').slice(0, 16)} UTC`,
      ...(facts.ip ? [`- From: IP address ${facts.ip}`] : []),
      '',
      'For your security, our team reviews every change of bank details. Until it is approved, your payouts are on hold and the account on file stays in force: no money goes to the new account.',
      '',
      `If you did not make this change, reply to this mail or write to ${config.supportEmail} at once, and change your password. We will not approve the change meanwhile.`,
      '',
      `Your profile: ${config.publicUrl}/contractor/profile`,
      ...signature(config),
    ].join('\n'),
  };
}

/** The admins' decision on a bank change: which account is now in force, and that payouts resume. */
export function bankChangeDecisionMail(
  to: MailRecipient,
  decision: {
    status: 'approved' | 'rejected';
    notes: string | null;
    bankName: string;
    accountNumberLast4: string;
    currentBankName: string | null;
    currentAccountNumberLast4: string | null;
  },
  config: ContractorMailConfig,
): OutgoingMail {
  const notes = decision.notes?.trim();
  const approved = decision.status === 'approved';
  return {
    ...addressed(to),
    replyTo: config.supportEmail,
    subject: approved
      ? `Your new payout bank details are approved`
      : `Your change of payout bank details was not approved`,
    text: [
      greeting(to),
      '',
      approved
        ? `Our team approved the new bank details of ${to.companyName}. Payouts now go to ${accountText(decision.bankName, decision.accountNumberLast4)}, and the hold on your payouts is lifted.`
        : `Our team did not approve the new bank details of ${to.companyName} (${accountText(decision.bankName, decision.accountNumberLast4)}). Payouts keep going to ${accountText(decision.currentBankName, decision.currentAccountNumberLast4)}, and the hold on your payouts is lifted.`,
      '',
      ...(notes ? ['A note from our team:', notes, ''] : []),
      ...(approved
        ? []
        : [
            `If the new account is right, reply to this mail or write to ${config.supportEmail}; you can also enter the details again from your profile.`,
            '',
          ]),
      `Your profile: ${config.publicUrl}/contractor/profile`,
      ...signature(config),
    ].join('\n'),
  };
}
