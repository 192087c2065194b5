import '../tokens/tokens.css';
import './tabs.css';
import type { Key, ReactNode } from 'react';
import { Tab, TabList, TabPanel, Tabs as AriaTabs } from 'react-aria-components';
import { cx } from '../internal/class-names';

export interface TabItem {
  id: string;
  title: ReactNode;
  content: ReactNode;
  disabled?: boolean;
}

export interface TabsProps {
  items: readonly TabItem[];
  /** Accessible name of the tab list, e.g. 'Tour details'. */
  label: string;
  selectedId?: string;
  defaultSelectedId?: string;
  onSelectionChange?: (id: string) => void;
  /** Stretch the tabs over the full width (phones). */
  fill?: boolean;
  className?: string;
}

/**
 * WAI-ARIA tabs (react-aria-components): arrow keys move between tabs, Home/End jump,
 * Tab moves into the panel.
 */
export function Tabs({
  items,
  label,
  selectedId,
  defaultSelectedId,
  onSelectionChange,
  fill = false,
  className,
}: TabsProps) {
  return (
    <AriaTabs
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
