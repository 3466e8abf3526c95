import { matchRoute } from '@tessera/domain';
import { RouterErrorPage, useLocation } from '@tessera/ui';
import { AboutPage } from './about/AboutPage';
import { BootstrapPage } from './bootstrap/BootstrapPage';
import { HomePage } from './home/HomePage';
import { LoginPage } from './login/LoginPage';
import { ForgotPasswordPage } from './password-reset/ForgotPasswordPage';
import { ResetPasswordPage } from './password-reset/ResetPasswordPage';
import { ActivateAccountPage } from './registration/ActivateAccountPage';
import { FinishRegisterPage } from './registration/FinishRegisterPage';
import { RegisterPage } from './registration/RegisterPage';

/** The auth area's pages by path; root-config mounts this app only on routes of the `auth` area. */
export function AuthRoot() {
  const { pathname, search } = useLocation();
  const match = matchRoute(pathname);
  const route = match?.route;
  if (!route || route.area !== 'auth') return null;
  switch (route.path) {
    case '/login':
      return <LoginPage />;
    case '/bootstrapmode':
      return <BootstrapPage />;
    case '/home':
      return <HomePage />;
    case '/about':
      return <AboutPage />;
    case '/forgotpassword':
      return <ForgotPasswordPage />;
    case '/forgotpassword/:token':
      return <ResetPasswordPage key={match.params.token} token={match.params.token ?? ''} />;
    case '/register':
      return <RegisterPage />;
    case '/finish-register': {
      const token = new URLSearchParams(search).get('token') ?? '';
      return <FinishRegisterPage key={token} token={token} />;
    }
    case '/activateaccount/:token':
      return <ActivateAccountPage key={match.params.token} token={match.params.token ?? ''} />;
    default:
      // A route of this area with no view here yet: the router's default error (signin §2).
      return <RouterErrorPage path={pathname} />;
  }
}
