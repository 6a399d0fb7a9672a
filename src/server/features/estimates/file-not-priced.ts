/**
 * A paid order whose measurement file cannot be priced (issue 24 #1) still gets a report: the
 * preliminary one from the form, which names the file's problem. These are its words.
 */

/** The report warning's code (printed on the checks page with the other doubtful inputs). */
export const FILE_NOT_PRICED_CODE = 'measurement-file-not-priced';

/** The report's warning: which file, what is wrong with it, and what this report is instead. */
export function fileNotPricedMessage(fileName: string | null, problem: string): string {
  const file = fileName ? `The measurement file "${fileName}"` : 'The measurement file';
  return `${file} could not be priced: ${problem} This report is therefore preliminary (not measured), priced from the order's details; our estimating team has been asked to measure the roof, and you will be mailed the measured report.`;
}

/** The admin queue's reason for such an order: the file's problem, and what to do. */
export function fileNotPricedReason(problem: string): string {
  return `The measurement file could not be priced, so a preliminary report (not measured) was mailed: ${problem} Attach a corrected file, or enter the total area and predominant pitch, to send the measured report.`;
}
