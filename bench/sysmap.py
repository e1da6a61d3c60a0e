"""The guest kernel's System.map, for bench/profile and bench/insn-count."""
import bisect


class SystemMap:
    """Text symbols by address: which function an address falls in."""

    def __init__(self, path):
        syms = []
        with open(path) as f:
            for line in f:
                p = line.split()
                if len(p) >= 3 and p[1] in "tTwW":
                    syms.append((int(p[0], 16), p[2]))
        syms.sort()
        self.addrs = [a for a, _ in syms]
        self.names = [n for _, n in syms]

    def address_of(self, name):
        """The address of function @name, or None."""
        try:
            return self.addrs[self.names.index(name)]
        except ValueError:
            return None

    def locate(self, addr):
        """(function, offset) of @addr, or ("?", addr) below the first symbol."""
        i = bisect.bisect_right(self.addrs, addr) - 1
        return (self.names[i], addr - self.addrs[i]) if i >= 0 else ("?", addr)
