/** @jest-environment jsdom */
import { render, screen } from '@testing-library/react';
import { MonitoringRoot } from './MonitoringRoot';

jest.mock('single-spa', () => ({ navigateToUrl: jest.fn() }));

describe('MonitoringRoot', () => {
  it('should say a monitoring page other than the rate monitor is not available yet', () => {
    window.history.pushState({}, '', '/alert/overview');
    render(<MonitoringRoot />);
    expect(screen.getByText('This page is not available yet')).toBeTruthy();
  });

  it('should render nothing outside the monitoring area', () => {
    window.history.pushState({}, '', '/home');
    const { container } = render(<MonitoringRoot />);
    expect(container.innerHTML).toBe('');
  });
});
