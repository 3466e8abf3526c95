/** @jest-environment jsdom */
import { render, screen } from '@testing-library/react';
import { testViewer } from '../../testing/fixtures';
import { ShellOutlet } from './ShellOutlet';

jest.mock('single-spa', () => ({ navigateToUrl: jest.fn() }));

describe('ShellOutlet', () => {
  it('should show the not-found text on an unknown path', () => {
    render(<ShellOutlet pathname="/no/such/page" viewer={null} crash={null} />);
    expect(screen.getByText('Sorry, the page you requested was not found.')).toBeTruthy();
  });

  it('should render nothing where an area app mounts', () => {
    const { container } = render(<ShellOutlet pathname="/home" viewer={null} crash={null} />);
    expect(container.innerHTML).toBe('');
  });

  it('should show the Unexpected Error screen with the tenancy address and hide the apps beside it', () => {
    const main = document.createElement('div');
    const app = document.createElement('div');
    const own = document.createElement('div');
    main.append(own, app);
    document.body.append(main);
    const crash = { error: new Error('boom'), time: 0, url: 'http://x/' };
    const { unmount } = render(<ShellOutlet pathname="/home" viewer={testViewer()} crash={crash} container={own} />, { container: own });
    expect(screen.getByRole('heading', { name: 'Unexpected Error' })).toBeTruthy();
    expect(screen.getByText(/send to: help@acme\.example$/)).toBeTruthy();
    expect(app.hidden).toBe(true);
    unmount();
    expect(app.hidden).toBe(false);
  });
});
