/**
 * The form's notices (spec 1 §8), kept apart from the schemas so the landing page can show them
 * without loading the validation library.
 */
export const convertQuoteNotices = {
  missing: 'Error: Please fill in all required fields.',
  failureFallback: 'Failed to create project. Please check your information and try again.',
  successTitle: 'Project Created Successfully!',
  success: "Your project has been created and contractors will be notified. You'll be contacted soon.",
  existsTitle: 'Project Already Exists',
  openProject: 'Open your project',
  /** The project in the homeowner dashboard (signing in first when needed keeps the target). */
  projectLink: (projectId: string) => `/customer-dashboard?project=${encodeURIComponent(projectId)}`,
} as const;
