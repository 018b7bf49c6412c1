"""Remove orders older than the retention period."""

import datetime

RETENTION_DAYS = 365  # TODO(dana): confirm the retention period with legal.


def cutoff(today: datetime.date) -> datetime.date:
    return today - datetime.timedelta(days=RETENTION_DAYS)


# TODO: schedule this script nightly instead of running it by hand.
if __name__ == "__main__":
    print(cutoff(datetime.date.today()))
