/** @jest-environment jsdom */
import { render, screen } from '@testing-library/react';
import { NotFoundPage } from './NotFoundPage';

jest.mock('single-spa', () => ({ navigateToUrl: jest.fn() }));

describe('NotFoundPage', () => {
  it('should say the page was not found, in a main landmark', () => {
    render(<NotFoundPage />);
    expect(screen.getByRole('main').textContent).toContain('Sorry, the page you requested was not found.');
    expect(screen.getByRole('link', { name: 'Go to the home page' }).getAttribute('href')).toBe('/home');
  });
});
