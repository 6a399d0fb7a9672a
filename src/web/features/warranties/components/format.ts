const dateFormat = new Intl.DateTimeFormat('en-US', {
  month: 'long',
  day: 'numeric',
  year: 'numeric',
  timeZone: 'UTC',
});
const timeFormat = new Intl.DateTimeFormat('en-US', {
  month: 'short',
  day: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
});

/** A warranty date ("October 2, 2036"): the periods are whole days in UTC. */
export const longDate = (iso: string) => dateFormat.format(new Date(iso));
/** A visit's day ('2026-12-03') as "December 3, 2026". */
export const visitDay = (day: string) => dateFormat.format(new Date(`${day}T00:00:00Z`));
/** When a message was written, in the viewer's time. */
export const messageTime = (iso: string) => timeFormat.format(new Date(iso));
