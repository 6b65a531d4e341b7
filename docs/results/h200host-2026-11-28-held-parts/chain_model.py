# The models behind utf8.md step 20's and cpu_sort.md step 26's predictions (written before
# their code): python3 chain_model.py. Times are in units of a part's (or a block's) mean work.
#
# Parts: 16 workers take 4096 parts in ticket order; a part's work is drawn with a spread; its
# placing costs 0.3. A part's prefix is known once every part before it is reduced; a worker
# holds at most B reduced parts, places the oldest once its prefix is known, and otherwise
# reduces the next part (B = 1: today's chained_parts before step 20). The ratio is the run's
# end over the ideal (all work spread evenly over the workers).
#
# Blocks: a phase of a split, 16 workers taking b blocks a worker in turn (each the next free
# worker's); the phase ends with its last block.
import heapq
import random


def parts_run(workers, work, place, held):
    n = len(work)
    end = [0.0] * n
    prefix_known = [0.0] * n
    ticket = 0
    holding = [[] for _ in range(workers)]
    heap = [(0.0, w) for w in range(workers)]
    finish = 0.0
    while heap:
        now, w = heapq.heappop(heap)
        mine = holding[w]
        if mine and prefix_known[mine[0]] <= now:
            mine.pop(0)
            now += place
            finish = max(finish, now)
            heapq.heappush(heap, (now, w))
            continue
        if len(mine) < held and ticket < n:
            k = ticket
            ticket += 1
            end[k] = now + work[k]
            prefix_known[k] = max(end[k], prefix_known[k - 1] if k else 0.0)
            mine.append(k)
            heapq.heappush(heap, (end[k], w))
            continue
        if mine:
            heapq.heappush(heap, (max(now, prefix_known[mine[0]]), w))
    return finish


def phase(workers, per_worker, spread, slow_share=0.0, slow_factor=1.0, trials=300):
    total = ideal = 0.0
    for _ in range(trials):
        blocks = [random.lognormvariate(0, spread) / per_worker *
                  (slow_factor if random.random() < slow_share else 1)
                  for _ in range(workers * per_worker)]
        busy = [0.0] * workers
        for b in blocks:
            heapq.heappush(busy, heapq.heappop(busy) + b)
        total += max(busy)
        ideal += sum(blocks) / workers
    return total / ideal


random.seed(3)
print("parts (utf8.md step 20): run's end / ideal, by parts a worker may hold")
for name, draw in [
        ("spread 10%", lambda: random.lognormvariate(0, 0.1)),
        ("spread 30%", lambda: random.lognormvariate(0, 0.3)),
        ("spread 20%, 1% of parts 10x", lambda: random.lognormvariate(0, 0.2) +
         (10 if random.random() < 0.01 else 0)),
        ("spread 20%, 0.2% of parts 50x", lambda: random.lognormvariate(0, 0.2) +
         (50 if random.random() < 0.002 else 0))]:
    work = [draw() for _ in range(4096)]
    print(f"  {name}: " + ", ".join(
        f"{held} held {parts_run(16, work, 0.3, held) / ((sum(work) + 0.3 * len(work)) / 16):.2f}"
        for held in (1, 2, 3, 4, 8)))
random.seed(5)
print("blocks (cpu_sort.md step 26): a phase's end / its mean work, by blocks a worker")
for name, args in [("spread 10%", (0.1,)), ("spread 30%", (0.3,)),
                   ("spread 20%, 1% of blocks 5x", (0.2, 0.01, 5))]:
    print(f"  {name}: " + ", ".join(f"{b} blocks {phase(16, b, *args):.2f}" for b in (1, 2, 4, 8)))
