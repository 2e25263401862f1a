"""The game port's own rules, without a socket: the token bucket and the test limits."""

from __future__ import annotations

from mazegame.server import gameport
from mazegame.server.gameport import Bucket, PortLimits


def test_the_bucket_lets_a_burst_through_then_the_rate(monkeypatch):
    now = [100.0]
    monkeypatch.setattr(gameport.time, "monotonic", lambda: now[0])
    bucket = Bucket(rate=20, burst=40)
    assert sum(bucket.allow() for _ in range(100)) == 40  # the burst, then nothing
    now[0] += 0.5
    assert sum(bucket.allow() for _ in range(100)) == 10  # half a second at 20 a second
    now[0] += 60
    assert sum(bucket.allow() for _ in range(100)) == 40  # never more than the burst


def test_limits_from_the_environment_keep_their_kinds_and_skip_junk(monkeypatch):
    monkeypatch.setenv(gameport.LIMITS_VARIABLE, "hello=1.5,per_ip=3,bogus=1,idle=x,countdown")
    limits = PortLimits.from_environment()
    assert limits.hello == 1.5 and limits.per_ip == 3 and isinstance(limits.per_ip, int)
    assert limits.idle == PortLimits().idle and limits.countdown == PortLimits().countdown
