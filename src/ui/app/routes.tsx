import { createBrowserRouter, Navigate, type RouteObject } from 'react-router-dom';
import { RequireAuth } from '../components/guard';
import { MemberLayout, PublicLayout } from '../components/layouts';
import { ForgotPasswordScreen } from '../screens/forgot-password/forgot-password.view';
import { HomeScreen } from '../screens/home/home.view';
import { LoginScreen } from '../screens/login/login.view';
import { PaymentStatusScreen } from '../screens/payment-status/payment-status.view';
import { PaymentScreen } from '../screens/payment/payment.view';
import { ProfileScreen } from '../screens/profile/profile.view';
import { ReturnScreen } from '../screens/return/return.view';
import { SignUpScreen } from '../screens/sign-up/sign-up.view';
import { WizardzScreen } from '../screens/wizardz/wizardz.view';
import { Paths } from './paths';

/**
 * Every route of the spec. Guarded: / and /member/profile (the spec), and /payment,
 * which the spec implies is for a logged-in member. The payment result pages stay public: the
 * gateway sends the payer's tab there, and they only read a status.
 */
export const routes: RouteObject[] = [
  {
    element: (
      <RequireAuth>
        <MemberLayout />
      </RequireAuth>
    ),
    children: [
      { path: Paths.home, element: <HomeScreen /> },
      { path: Paths.profile, element: <ProfileScreen /> },
      { path: Paths.payment, element: <PaymentScreen /> },
    ],
  },
  {
    element: <PublicLayout />,
    children: [
      { path: Paths.login, element: <LoginScreen /> },
      { path: Paths.signUp, element: <SignUpScreen /> },
      { path: Paths.forgotPassword, element: <ForgotPasswordScreen /> },
      { path: Paths.paymentStatus, element: <PaymentStatusScreen /> },
      { path: Paths.receiptPattern, element: <PaymentStatusScreen /> },
      { path: Paths.return, element: <ReturnScreen /> },
    ],
  },
  // The marketing placeholder has its own nav and footer.
  { path: Paths.wizardz, element: <WizardzScreen /> },
  { path: '*', element: <Navigate to={Paths.home} replace /> },
];

export const createAppRouter = () => createBrowserRouter(routes);
