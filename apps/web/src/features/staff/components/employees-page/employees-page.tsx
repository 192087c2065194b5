import { Button } from '@gallop/ui-kit';
import { useEffect, useState } from 'react';
import { isEmployeeBrowser } from '../../../../lib/visitor';
import { employeeCookie } from '../../employee-cookie';
import './employees-page.css';

/**
 * `/employees-cookie` (docs/product.md, Routes): the team marks its own browsers, so that their
 * visits never load analytics (see `applyAnalyticsPolicy`). The mark is a cookie kept for a year.
 */
export function EmployeesPage() {
  // The cookie is read after hydration: the server page is the same for every visitor.
  const [marked, setMarked] = useState<boolean | undefined>();
  useEffect(() => setMarked(isEmployeeBrowser(document.cookie)), []);

  const mark = (next: boolean) => {
    document.cookie = employeeCookie(next, window.location.protocol === 'https:');
    setMarked(isEmployeeBrowser(document.cookie));
  };

  return (
    <div className="employees-page page-container">
      <h1 className="display-heading">Gallop team browser</h1>
      <p className="employees-page__text">
        Mark this browser as used by the Gallop team: your visits then stay out of the site
        analytics. The mark is kept for a year in this browser only.
      </p>
      <p className="employees-page__state" role="status">
        {marked === undefined
          ? 'Checking this browser…'
          : marked
            ? 'This browser is marked as a team browser. Analytics are off here.'
            : 'This browser is not marked.'}
      </p>
      {marked !== undefined && (
        <Button theme={marked ? 'ghost' : 'primary'} onClick={() => mark(!marked)}>
          {marked ? 'Remove the mark' : 'Mark this browser'}
        </Button>
      )}
    </div>
  );
}
