// @ts-nocheck
// 
// Browsers ask for /favicon.ico whatever the page says; answer with the SVG mark instead of a 404.
const SVG =
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" rx="7" fill="#0f766e"/></svg>';

export function loader() {
  return new Response(SVG, {
    headers: { 'Content-Type': 'image/svg+xml', 'Cache-Control': 'public, max-age=86400' },
  });
}
