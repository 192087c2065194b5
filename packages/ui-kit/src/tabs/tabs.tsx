import '../tokens/tokens.css';
import './tabs.css';
import type { Key, ReactNode } from 'react';
import { Tab, TabList, TabPanel, Tabs as AriaTabs } from 'react-aria-components';
import { cx } from '../internal/class-names';
import type { AriaNativeProps } from '../internal/root-props';

export interface TabItem {
  id: string;
  title: ReactNode;
  content: ReactNode;
  disabled?: boolean;
}

/**
 * Native props, `className`, `style` and `ref` go to the tabs' root `<div>`. react-aria drops
 * `aria-describedby` there and on the tab list (docs/decisions/123).
 */
export interface TabsProps extends AriaNativeProps {
  items: readonly TabItem[];
  /** Accessible name of the tab list, e.g. 'Tour details'. */
  label: string;
  selectedId?: string;
  defaultSelectedId?: string;
  onSelectionChange?: (id: string) => void;
  /** Stretch the tabs over the full width (phones). */
  fill?: boolean;
}

/**
 * WAI-ARIA tabs (react-aria-components): arrow keys move between tabs, Home/End jump,
 * Tab moves into the panel.
 *
 * **Usage.** Do use them to switch between views of one thing in place (a tour's Programme, What's
 * included, Reviews), with a `label` and short tab titles; set `fill` on phones. Don't use tabs for
 * the steps of a process (checkout) or to move between pages, and don't tuck away in a tab what
 * people must read before they book.
 */
export function Tabs({
  items,
  label,
  selectedId,
  defaultSelectedId,
  onSelectionChange,
  fill = false,
  className,
  ...rest
}: TabsProps) {
  return (
    <AriaTabs
      {...rest}
      className={cx('gk-tabs', fill && 'gk-tabs--fill', className)}
      selectedKey={selectedId}
      defaultSelectedKey={defaultSelectedId}
      onSelectionChange={(key: Key) => onSelectionChange?.(String(key))}
      disabledKeys={items.filter((item) => item.disabled).map((item) => item.id)}
    >
      <TabList aria-label={label} className="gk-tabs__list">
        {items.map((item) => (
          <Tab key={item.id} id={item.id} className="gk-tabs__tab">
            {item.title}
          </Tab>
        ))}
      </TabList>
      {items.map((item) => (
        <TabPanel key={item.id} id={item.id} className="gk-tabs__panel">
          {item.content}
        </TabPanel>
      ))}
    </AriaTabs>
  );
}
