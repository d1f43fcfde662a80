/**
 * @file The dock's rules: tab order, the tab in front, cycling, and the width that leaves the
 * graph canvas half of the window (at 1280x720 and 1440x900 with the bars of the explorer).
 * Runs in: Node (vitest).
 */
import { describe, expect, it } from 'vitest';
import { bringForward, cycleTab, dockWidth, frontTab, graphShare, MIN_DOCK_PX, MIN_GRAPH_SHARE, openTabs, preferredDockWidth } from './dockLayout.ts';
import type { DockTab } from './dockLayout.ts';

describe('dock tabs', () => {
  it('lists the open tabs in tab order', () => {
    const open = new Set<DockTab>(['models', 'answer', 'sql']);
    expect(openTabs((tab) => open.has(tab))).toEqual(['answer', 'sql', 'models']);
  });

  it('puts the most recently brought forward open tab in front, else the first open one', () => {
    expect(frontTab(['answer', 'sql'], ['models', 'sql', 'answer'])).toBe('sql');
    expect(frontTab(['answer', 'sql'], ['models'])).toBe('answer');
    expect(frontTab([], ['models'])).toBeNull();
  });

  it('brings a tab to the head of the recent list, once', () => {
    expect(bringForward(['sql', 'answer', 'models'], 'models')).toEqual(['models', 'sql', 'answer']);
    expect(bringForward([], 'agent')).toEqual(['agent']);
  });

  it('cycles through the open tabs both ways, wrapping', () => {
    const open: DockTab[] = ['answer', 'story', 'sql'];
    expect(cycleTab(open, 'answer', 1)).toBe('story');
    expect(cycleTab(open, 'sql', 1)).toBe('answer');
    expect(cycleTab(open, 'answer', -1)).toBe('sql');
    expect(cycleTab(open, null, 1)).toBe('answer');
    expect(cycleTab(open, null, -1)).toBe('sql');
    expect(cycleTab([], 'sql', 1)).toBeNull();
  });
});

describe('dock width', () => {
  // What the bars leave the canvas in the app: header, summary, question bar, graph toolbar,
  // breadcrumb (overview) or not, the player's line, the legend.
  const cases = [
    { name: '1280x720, overview', windowWidth: 1280, windowHeight: 720, canvasHeight: 528 },
    { name: '1280x720, player over the overview', windowWidth: 1280, windowHeight: 720, canvasHeight: 476 },
    { name: '1280x720, player tree', windowWidth: 1280, windowHeight: 720, canvasHeight: 500 },
    { name: '1440x900, player over the overview', windowWidth: 1440, windowHeight: 900, canvasHeight: 656 },
  ];
  for (const room of cases) {
    it(`leaves the canvas half the window: ${room.name}`, () => {
      const width = dockWidth({ ...room, besides: 1 });
      expect(width).toBeGreaterThanOrEqual(MIN_DOCK_PX);
      expect(width).toBeLessThanOrEqual(preferredDockWidth(room.windowWidth));
      const canvasWidth = room.windowWidth - width - 1;
      expect((canvasWidth * room.canvasHeight) / (room.windowWidth * room.windowHeight)).toBeGreaterThanOrEqual(MIN_GRAPH_SHARE);
    });
  }

  it('takes its preferred width when the canvas has room, and never less than the minimum', () => {
    expect(dockWidth({ windowWidth: 1920, windowHeight: 1080, canvasHeight: 880 })).toBe(preferredDockWidth(1920));
    expect(preferredDockWidth(1920)).toBe(520);
    expect(preferredDockWidth(800)).toBe(320);
    expect(dockWidth({ windowWidth: 1024, windowHeight: 600, canvasHeight: 300 })).toBe(MIN_DOCK_PX);
  });

  it('is narrower where the canvas is shorter', () => {
    const tall = dockWidth({ windowWidth: 1280, windowHeight: 720, canvasHeight: 500 });
    const short = dockWidth({ windowWidth: 1280, windowHeight: 720, canvasHeight: 476 });
    expect(short).toBeLessThan(tall);
  });
});

describe('graph share', () => {
  it('is the part of the canvas inside the window over the window, floored to 3 decimals', () => {
    expect(graphShare({ left: 0, top: 0, right: 640, bottom: 720 }, 1280, 720)).toBe(0.5);
    expect(graphShare({ left: -100, top: 100, right: 1380, bottom: 820 }, 1280, 720)).toBe(0.861);
    expect(graphShare({ left: 0, top: 0, right: 639, bottom: 720 }, 1280, 720)).toBe(0.499);
    expect(graphShare({ left: 0, top: 0, right: 100, bottom: 100 }, 0, 720)).toBe(0);
  });
});
