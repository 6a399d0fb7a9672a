import { useQuery } from '@tanstack/react-query';
import * as preactCompat from 'preact/compat';
import * as react from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';

/**
 * The component tests render with the runtime the app ships: vite.config.ts builds the app on
 * preact/compat, and vitest.config.ts gives the unit tests the same aliases (also inside the
 * packages that import 'react').
 */
describe('the React runtime of the unit tests', () => {
  it('is preact/compat, as in the built app', () => {
    expect(react.createElement).toBe(preactCompat.createElement);
    expect(react.useState).toBe(preactCompat.useState);
  });

  it("is also the one of the packages that import 'react'", () => {
    // a hook of a package only works inside a component rendered by the same runtime
    expect(typeof useQuery).toBe('function');
    const markup = renderToStaticMarkup(<p className="x">Hello {'there'}</p>);
    expect(markup).toBe('<p class="x">Hello there</p>');
  });
});
