/** Query keys of the contractor search: one list per submitted ZIP code and specialty. */
export const searchKeys = {
  all: ['search'] as const,
  available: (zip: string, specialty: string) => [...searchKeys.all, 'available', zip, specialty] as const,
};
