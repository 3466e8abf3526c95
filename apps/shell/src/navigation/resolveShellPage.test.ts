import { resolveShellPage } from './resolveShellPage';

describe('resolveShellPage', () => {
  it('should show the not-found page for a path outside the route table', () => {
    expect(resolveShellPage('/no/such/page')).toEqual({ kind: 'notFound' });
  });

  it("should show the shell's own pages", () => {
    expect(resolveShellPage('/denied')).toEqual({ kind: 'denied' });
    expect(resolveShellPage('/errorBoundary')).toEqual({ kind: 'errorDemo' });
  });

  it('should leave a built area to its app, and / to the redirect', () => {
    expect(resolveShellPage('/home')).toEqual({ kind: 'none' });
    expect(resolveShellPage('/login')).toEqual({ kind: 'none' });
    expect(resolveShellPage('/')).toEqual({ kind: 'none' });
  });

  it('should show the placeholder on a route of an area not built yet', () => {
    expect(resolveShellPage('/auditing/dashboard', ['auth', 'shell'])).toEqual({ kind: 'unavailable', area: 'monitoring' });
    expect(resolveShellPage('/auditing/dashboard', ['auth', 'shell', 'monitoring'])).toEqual({ kind: 'none' });
  });
});
