import { describe, expect, it } from 'vitest';
import { dropdownSide } from './placement';

const viewportHeight = 800;

describe('dropdownSide', () => {
  it('opens below when the panel fits there', () => {
    expect(
      dropdownSide({
        triggerTop: 100,
        triggerBottom: 140,
        panelHeight: 300,
        offset: 12,
        viewportHeight,
      }),
    ).toBe('bottom');
  });

  it('counts the offset: a panel that fits only without the gap flips up', () => {
    // 800 - 500 = 300 px below the trigger; 300 - 12 leaves 288 for a 295 px panel.
    expect(
      dropdownSide({
        triggerTop: 460,
        triggerBottom: 500,
        panelHeight: 295,
        offset: 12,
        viewportHeight,
      }),
    ).toBe('top');
    // With the select offset of 8 the 291 px panel still fits below (300 - 8 = 292).
    expect(
      dropdownSide({
        triggerTop: 460,
        triggerBottom: 500,
        panelHeight: 291,
        offset: 8,
        viewportHeight,
      }),
    ).toBe('bottom');
  });

  it('flips up near the bottom of the viewport', () => {
    expect(
      dropdownSide({
        triggerTop: 720,
        triggerBottom: 760,
        panelHeight: 200,
        offset: 12,
        viewportHeight,
      }),
    ).toBe('top');
  });

  it('stays below when it fits nowhere and there is more room below', () => {
    expect(
      dropdownSide({
        triggerTop: 300,
        triggerBottom: 340,
        panelHeight: 700,
        offset: 12,
        viewportHeight,
      }),
    ).toBe('bottom');
  });
});
