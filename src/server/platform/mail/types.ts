export interface OutgoingAttachment {
  filename: string;
  contentType: string;
  content: Buffer;
}

export interface OutgoingMail {
  to: string;
  cc?: string;
  replyTo?: string;
  subject: string;
  text: string;
  html?: string;
  attachments?: OutgoingAttachment[];
}

/** Every mail is stored in the outbox first, then sent by a job when SMTP is configured. */
export interface Mailer {
  send(mail: OutgoingMail): Promise<{ id: string }>;
}
