import { describe, expect, it } from 'vitest';
import { pageMeta } from '../../../domain/site/seo';
import { createPageRenderer, escapeHtml, renderPageHtml, withPrerenderedRoot } from './page-html';

const template = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="UTF-8" />
    <title>Ridgeline | Fair Market Value roof estimates and verified contractors</title>
    <meta
      name="description"
      content="The default description."
    />
    <link rel="icon" href="/favicon.svg" />
  </head>
  <body>
    <noscript>Ridgeline needs JavaScript to run.</noscript>
    <div id="root"></div>
  </body>
</html>`;

const titleOf = (html: string) => html.match(/<title>([\s\S]*?)<\/title>/)?.[1];
const descriptionOf = (html: string) => html.match(/<meta name="description" content="([^"]*)"/)?.[1];

describe('renderPageHtml', () => {
  it("replaces the title and description with the page's, once each", () => {
    const html = renderPageHtml(template, pageMeta['/how-it-works'], 'Ridgeline');
    expect(titleOf(html)).toBe('How It Works | Ridgeline');
    expect(descriptionOf(html)).toBe(pageMeta['/how-it-works'].description);
    expect(html.match(/<title>/g)).toHaveLength(1);
    expect(html.match(/name="description"/g)).toHaveLength(1);
    expect(html).not.toContain('The default description.');
    expect(html).not.toContain('noindex');
    expect(html).toContain('<link rel="icon" href="/favicon.svg" />');
  });

  it('marks pages that are not indexed with a robots noindex tag', () => {
    const html = renderPageHtml(template, pageMeta['/customer-dashboard'], 'Ridgeline');
    expect(titleOf(html)).toBe('Customer Dashboard | Ridgeline');
    expect(html).toContain('<meta name="robots" content="noindex" />');
  });

  it('escapes the brand, title and description', () => {
    const html = renderPageHtml(
      template,
      { title: 'Roofs <b>&</b> "gutters"', description: `It's <script>alert(1)</script>`, index: true },
      'R&R $& Roofing',
    );
    expect(titleOf(html)).toBe('Roofs &lt;b&gt;&amp;&lt;/b&gt; &quot;gutters&quot; | R&amp;R $&amp; Roofing');
    expect(descriptionOf(html)).toBe('It&#39;s &lt;script&gt;alert(1)&lt;/script&gt;');
    expect(html).not.toContain('<script>alert');
  });

  it('adds the tags when the template has none', () => {
    const html = renderPageHtml('<html><head></head><body></body></html>', pageMeta['/about'], 'Ridgeline');
    expect(titleOf(html)).toBe('About | Ridgeline');
    expect(descriptionOf(html)).toBe(pageMeta['/about'].description);
  });
});

describe('createPageRenderer', () => {
  it('answers 200 with the route meta, 404 with the not-found meta, and reuses renderings', () => {
    const render = createPageRenderer(template, 'Ridgeline');
    const terms = render('/terms');
    expect(terms.status).toBe(200);
    expect(titleOf(terms.html)).toBe('Terms of Service | Ridgeline');
    expect(render('/terms/')).toBe(terms);
    const project = render('/projects/abc');
    expect(project.status).toBe(200);
    expect(titleOf(project.html)).toBe('Project Details | Ridgeline');
    expect(render('/projects/xyz')).toBe(project);
    const missing = render('/no/such/page');
    expect(missing.status).toBe(404);
    expect(titleOf(missing.html)).toBe('Page Not Found | Ridgeline');
    expect(missing.html).toContain('noindex');
    expect(render('/another-missing-page')).toBe(missing);
  });

  it('puts a prerendered page inside #root, marked for hydration, without the noscript notice', () => {
    const render = createPageRenderer(template, 'Ridgeline', {
      '/about': '<main><h1>About $& us</h1></main>',
    });
    const about = render('/about');
    expect(about.status).toBe(200);
    expect(titleOf(about.html)).toBe('About | Ridgeline');
    expect(about.html).toContain(
      '<div id="root" data-prerendered=""><main><h1>About $& us</h1></main></div>',
    );
    expect(about.html).not.toContain('noscript');
    // pages the build did not prerender keep the empty shell and the notice
    const login = render('/login');
    expect(login.html).toContain('<div id="root"></div>');
    expect(login.html).toContain('<noscript>');
    expect(render('/missing').html).toContain('<div id="root"></div>');
  });

  it("lists a page's code for modulepreload in <head> when the page is drawn in the browser, not when prerendered", () => {
    const render = createPageRenderer(
      template,
      'Ridgeline',
      { '/about': '<main>About</main>' },
      {
        '/contractor-dashboard': ['assets/contractor-dashboard-page-AbC_1.js', 'assets/card-x.js'],
        '/about': ['assets/about-page-1.js'],
        // never anything but a built asset's name
        '/login': ['assets/"><script>alert(1)</script>.js', '../secret.js', 'assets/ok-2.js'],
      },
    );
    const preloads = (html: string) =>
      [...html.matchAll(/<link rel="modulepreload" crossorigin href="([^"]+)">/g)].map((m) => m[1]);
    const dashboard = render('/contractor-dashboard').html;
    expect(preloads(dashboard)).toEqual(['/assets/contractor-dashboard-page-AbC_1.js', '/assets/card-x.js']);
    expect(dashboard.indexOf('modulepreload')).toBeLessThan(dashboard.indexOf('</head>'));
    // prerendered: it reads without its code, which would only compete with the first paint
    expect(render('/about').html).toContain('data-prerendered');
    expect(preloads(render('/about').html)).toEqual([]);
    expect(preloads(render('/login').html)).toEqual(['/assets/ok-2.js']);
    expect(preloads(render('/register').html)).toEqual([]);
    expect(preloads(render('/missing').html)).toEqual([]);
  });

  it('refuses a template without an empty #root', () => {
    expect(() => withPrerenderedRoot('<body><div id="app"></div></body>', '<p>x</p>')).toThrow(/root/);
  });

  it('escapes text in escapeHtml', () => {
    expect(escapeHtml(`<a href="x">'&'</a>`)).toBe('&lt;a href=&quot;x&quot;&gt;&#39;&amp;&#39;&lt;/a&gt;');
  });
});
