/** @jest-environment jsdom */
import { render, screen } from '@testing-library/react';
import { RouterErrorPage } from './RouterErrorPage';

describe('RouterErrorPage', () => {
  it.each([
    [400, '400 Bad Request'],
    [403, '403 Forbidden'],
    [404, '404 Not Found'],
    [405, '405 Method Not Allowed'],
  ])('should title the %i page %s', (status, title) => {
    render(<RouterErrorPage status={status} />);
    expect(screen.getByRole('heading', { level: 1, name: title })).toBeTruthy();
  });

  it('should say the page was not found on 404', () => {
    render(<RouterErrorPage status={404} />);
    expect(screen.getByText('Sorry, the page you requested was not found.')).toBeTruthy();
  });

  it("should default to 'No route matches URL' with the path", () => {
    render(<RouterErrorPage status={418} path="/teapot" />);
    expect(screen.getByRole('main').textContent).toContain('No route matches URL /teapot');
    expect(screen.getByRole('main').getAttribute('data-status')).toBe('default');
  });

  it('should link home and pass extra props to the main landmark', () => {
    render(<RouterErrorPage status={400} className="extra" aria-describedby="x" />);
    expect(screen.getByRole('link', { name: 'Go to the home page' }).getAttribute('href')).toBe('/home');
    expect(screen.getByRole('main').className).toContain('extra');
    expect(screen.getByRole('main').getAttribute('aria-describedby')).toBe('x');
  });
});
