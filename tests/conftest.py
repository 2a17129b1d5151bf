import matplotlib

matplotlib.use("Agg")

import os

# The docs-site browser test needs a built site: `make test-site` runs it after `make docs`.
collect_ignore = [] if os.environ.get("DREIDELPOKER_SITE_DIR") else ["docsite"]
