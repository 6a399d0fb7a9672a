/** Test data shared by the integration and browser tests (no server imports: the browser tests load it too). */

/** A complete, valid quote request (spec 1, section 3). */
export function quoteData(overrides: Record<string, unknown> = {}) {
  return {
    requesterFirstName: 'Dana',
    requesterLastName: 'Reyes',
    requesterEmail: 'dana.reyes@example.com',
    insuranceInvolved: 'No',
    homeownerFirstName: 'Sam',
    homeownerLastName: 'Ortiz',
    homeownerEmail: '',
    homeownerPhone: '',
    streetAddress: '1200 Elm Street',
    streetAddress2: '',
    city: 'Dallas',
    state: 'Texas',
    zipCode: '75201',
    roofSurfaceMaterial: '30 YEAR LAMINATE SHINGLE',
    plywoodNeeded: 'No',
    buildingHeight: '1-Story',
    roofLayers: '1 Layer',
    measurementFileSource: "I don't have a sketch file available",
    ...overrides,
  };
}
