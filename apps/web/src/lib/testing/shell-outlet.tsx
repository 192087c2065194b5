import { Outlet } from '@tanstack/react-router';
import { VisitorPassportSync } from '../../components/visitor-passport-sync/visitor-passport-sync';

/** A test router's root as the app's shell is: one loader of the visitor's rider passport. */
export function ShellOutlet() {
  return (
    <>
      <VisitorPassportSync />
      <Outlet />
    </>
  );
}
