import { PROJECT_NAME } from '../../lib/site';
import './site-chrome.css';

export function SiteFooter() {
  return (
    <footer className="site-footer">
      <div className="page-container site-footer__inner">
        <span className="site-footer__brand">{PROJECT_NAME}</span>
        <span>Multi-day guided horseback tours, excursions and cruises.</span>
      </div>
    </footer>
  );
}
