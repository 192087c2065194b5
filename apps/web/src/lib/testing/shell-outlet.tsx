import { Outlet } from '@tanstack/react-router';
import { VisitorPassportSync } from '../../components/visitor-passport-sync/visitor-passport-sync';
import { WeightUnitProvider } from '../weight-unit';

/**
 * A test router's root as the app's shell is: one loader of the visitor's rider passport, and the
 * visitor's weight unit (kilograms unless the site info's country is a non-metric one).
 */
export function ShellOutlet() {
  return (
    <>
      <VisitorPassportSync />
      <WeightUnitProvider>
        <Outlet />
      </WeightUnitProvider>
    </>
  );
}
