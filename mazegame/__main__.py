import sys

from mazegame.cli import main

sys.exit(main())
