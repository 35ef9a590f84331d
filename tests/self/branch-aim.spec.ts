import { expect, test } from '@playwright/test';
import { chooseForNewBranches } from '../../lib/discovery/branch-aim.ts';

// Discovery's last step (issue 47): of the instances a listing showed, it reads by id those whose brief
// shows branches no instance read so far showed, the one adding most first, within a cap.

const listed = (id: string, ...brief: string[]) => ({ id, as: 'seller' as const, brief: new Set(brief) });

test('reads by id only the listed instances that add branches not yet covered, the one adding most first', () => {
  const candidates = [
    listed('1', 'status = paid'),
    listed('2', 'status = paid', 'channel = mshops', 'taxes not null'),
    listed('3', 'status = cancelled'),
    listed('4', 'channel = mshops'),
  ];
  const chosen = chooseForNewBranches(candidates, new Set(['status = paid']), 5).map((l) => l.id);
  expect(chosen).toEqual(['2', '3']);
});

test('stops at the cap', () => {
  const candidates = [listed('1', 'a'), listed('2', 'b'), listed('3', 'c')];
  expect(chooseForNewBranches(candidates, new Set(), 2)).toHaveLength(2);
});
