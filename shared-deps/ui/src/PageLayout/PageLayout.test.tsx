/** @jest-environment jsdom */
import { render, screen } from '@testing-library/react';
import { PageLayout } from './PageLayout';

describe('PageLayout', () => {
  it('should render a main landmark with the title as its heading', () => {
    render(<PageLayout title="Users">content</PageLayout>);
    expect(screen.getByRole('main').textContent).toContain('content');
    expect(screen.getByRole('heading', { level: 1, name: 'Users' })).toBeTruthy();
  });

  it('should render actions beside the title', () => {
    render(<PageLayout title="Users" actions={<button type="button">Add user</button>} />);
    expect(screen.getByRole('button', { name: 'Add user' })).toBeTruthy();
  });

  it('should pass className and extra props to the main element', () => {
    render(<PageLayout title="T" className="extra" data-testid="page" aria-describedby="x" />);
    const main = screen.getByRole('main');
    expect(main.className).toContain('extra');
    expect(main.getAttribute('data-testid')).toBe('page');
    expect(main.getAttribute('aria-describedby')).toBe('x');
  });
});
